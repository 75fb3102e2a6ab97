#!/usr/bin/env bash
# The policy benchmark twice in one sitting: without policy rules, then with the 50 rules of
# GenerateRules.java (POLICY_RULES_FILE), or the catalogue-shaped version-2 file of
# GenerateCatalogue.java, each on a fresh database and service; the two tables side by side at the end.
#
#   ./mvnw -B -o -pl policy-service,deploy/launcher -am package -DskipTests   # once
#   bash deploy/bench/policy/rules.sh [seconds per measurement, default 20] [GenerateRules | GenerateCatalogue]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
WORK="$(mktemp -d /tmp/policy-rules-bench.XXXXXX)"
trap 'rm -rf "$WORK"' EXIT
java "$HERE/${2:-GenerateRules}.java" > "$WORK/rules.yaml"
echo "== without rules"
bash "$HERE/run.sh" "${1:-20}" | tee "$WORK/without.txt"
echo "== with $(grep -cE '^  - (policy|key):' "$WORK/rules.yaml") rules of ${2:-GenerateRules}"
BENCH_RULES="$WORK/rules.yaml" bash "$HERE/run.sh" "${1:-20}" | tee "$WORK/with.txt"
echo "== side by side (req/s, p50, p99, service CPU us/request): without | with"
paste -d'|' <(grep -E '^(GET|SQL)' "$WORK/without.txt") <(grep -E '^(GET|SQL)' "$WORK/with.txt" | cut -c48-)
