#!/usr/bin/env sh
# Builds the benchmark uber-jar and runs QuickBench on a JDK 21+ (JMH forks use the same java).
#   benchmarks/quick.sh                 # quick mode: every Brane/web3j pair once, ~5 min on 2 cores
#   benchmarks/quick.sh scaling         # RPC pairs at 1, 2, 4, 8, 16 caller threads
#   benchmarks/quick.sh all --forks 2 --warmup 3 --iterations 5 --time 2    # full mode
set -eu
cd "$(dirname "$0")/.."
if [ -z "${JAVA_HOME:-}" ] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -qE 'version "(2[1-9]|[3-9][0-9])'; then
  for d in /usr/lib/jvm/temurin-25* /usr/lib/jvm/*-25* /usr/lib/jvm/*21*; do
    [ -x "$d/bin/java" ] && JAVA_HOME="$d" && break
  done
fi
[ -f benchmarks/target/benchmarks.jar ] && [ "${SKIP_BUILD:-0}" = 1 ] || ./mvnw -q -B -pl benchmarks -am package -DskipTests
exec "$JAVA_HOME/bin/java" -cp benchmarks/target/benchmarks.jar sh.brane.benchmarks.QuickBench "$@"
