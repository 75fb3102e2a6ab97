#!/usr/bin/env bash
# One command, one base URL: builds what is missing or out of date, then starts an embedded
# PostgreSQL with the demo data, the schema, policy and DOI services and a gateway on port 8080.
#   ./run.sh [--offline] [--port N] [--host ADDRESS] [--timeout SECONDS]     (./run.sh --help)
# Ctrl-C stops everything it started. Needs only a JDK (17 or later).
set -euo pipefail
cd "$(dirname "$0")"

launcher=deploy/launcher/target/submission-launcher.jar
built=("$launcher"
       schema-service/target/quarkus-app/quarkus-run.jar
       policy-service/target/quarkus-app/quarkus-run.jar
       doi-service/target/quarkus-app/quarkus-run.jar)
sources=(pom.xml shared-model/pom.xml service-platform/pom.xml schema-service/pom.xml policy-service/pom.xml doi-service/pom.xml
         deploy/pom.xml deploy/launcher/pom.xml
         shared-model/src/main service-platform/src/main schema-service/src/main policy-service/src/main doi-service/src/main
         deploy/launcher/src/main)

# a stamp, not the jars' own times: the package gives every file one fixed time (the AOT cache checks
# the jars' times, deploy/README.md), so they do not say when it ran
stamp=deploy/launcher/target/run-sh.built

needs_build() {
  local f
  for f in "${built[@]}" "$stamp"; do
    [[ -f $f ]] || return 0
  done
  [[ -n $(find "${sources[@]}" -type f -newer "$stamp" -print -quit 2>/dev/null) ]]
}

case " $* " in
  *" --help "*|*" -h "*) [[ -f $launcher ]] && exec java -jar "$launcher" run --help ;;
esac

if needs_build; then
  echo "Building the services and the launcher (./mvnw -B -q package -DskipTests)..."
  ./mvnw -B -q package -DskipTests
  touch "$stamp"
fi

# The launcher (gateway, offline stub, process supervision) needs little memory.
exec java ${LAUNCHER_JAVA_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xss512k -Xms16m -Xmx64m} -jar "$launcher" run "$@"
