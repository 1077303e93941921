#!/usr/bin/env bash
# Builds what is needed (first run: a few minutes) and starts the Cascade4Arm gateway with its embedded demo hosts.
# Extra arguments are passed to the application, e.g. ./run.sh --camel.server.port=9090
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -f camel-app/target/camel-app.jar ] || [ -n "$(find . -path ./camel-app/target -prune -o -newer camel-app/target/camel-app.jar \( -name '*.java' -o -name '*.drl' -o -name '*.properties' -o -name 'pom.xml' -o -path '*/cascade-ui/*' \) -print -quit)" ]; then
  mvn -B -q install -DskipTests
fi
exec java -XX:+IgnoreUnrecognizedVMOptions --enable-native-access=ALL-UNNAMED -jar camel-app/target/camel-app.jar "$@"
