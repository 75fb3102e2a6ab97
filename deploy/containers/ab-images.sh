#!/usr/bin/env bash
# The two image sets of the JDK 25 A/B (deploy/bench/RESULTS.md, "Images"), for
# measure-images.sh, built with podman from each service's Dockerfile.jvm:
#   localhost/submission-ab/<service>:jdk17-appcds  the Dockerfile as it is (eclipse-temurin:21-jre,
#                                                   AppCDS archive; here Debian's JDK 17 stand-in)
#   localhost/submission-ab/<service>:jdk25-aot     the same Dockerfile on eclipse-temurin:25-jre,
#                                                   recording a JDK 25 AOT cache instead
#                                                   (-XX:AOTCacheOutput=app.aot) and run with it
#                                                   (-XX:AOTCache=app.aot); here Temurin 25's stand-in
# Build the services first (./mvnw -B package -DskipTests). Usage: bash deploy/containers/ab-images.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
export CONTAINERS_CONF="${CONTAINERS_CONF:-$ROOT/deploy/containers/containers.conf}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bash "$ROOT/deploy/containers/stand-in-base.sh" eclipse-temurin:21-jre
bash "$ROOT/deploy/containers/stand-in-base.sh" eclipse-temurin:25-jre
for service in schema-service policy-service doi-service; do
  dockerfile="$ROOT/$service/src/main/docker/Dockerfile.jvm"
  sed -e 's/^FROM eclipse-temurin:21-jre$/FROM eclipse-temurin:25-jre/' \
      -e 's/-XX:ArchiveClassesAtExit=app-cds\.jsa/-XX:AOTCacheOutput=app.aot/' \
      -e 's/-XX:SharedArchiveFile=app-cds\.jsa/-XX:AOTCache=app.aot/' \
      -e 's/test -s app-cds\.jsa/test -s app.aot/' "$dockerfile" >"$work/Dockerfile.jdk25"
  [ "$(grep -c 'eclipse-temurin:25-jre\|AOTCacheOutput=app.aot\|AOTCache=app.aot\|test -s app.aot' "$work/Dockerfile.jdk25")" = 4 ] \
    || { echo "$dockerfile no longer has the lines this script switches to JDK 25" >&2; exit 1; }
  for variant in jdk17-appcds:"$dockerfile" jdk25-aot:"$work/Dockerfile.jdk25"; do
    echo "building localhost/submission-ab/$service:${variant%%:*}"
    podman build -q --pull=never --format docker -f "${variant#*:}" -t "localhost/submission-ab/$service:${variant%%:*}" \
      "$ROOT/$service" >/dev/null
  done
done
