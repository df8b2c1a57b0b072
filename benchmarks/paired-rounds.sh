#!/usr/bin/env sh
# Paired rounds: each round runs every benchmark set once (one JMH fork each), so a row and its raw floor (or two jars
# of the same row) are measured minutes apart, round after round, and their ratio is taken within each round. A
# row's share of its floor moves by up to 10% from one 3-fork run to the next on a 2-core machine (the machine's state
# drifts over the quarter hour such a run takes); within a round the drift is small. Read with paired_ratios.py.
#
#   benchmarks/paired-rounds.sh OUT ROUNDS 'NODE WARMUPS JAR REGEX' ['NODE WARMUPS JAR REGEX' ...]
#   e.g. benchmarks/paired-rounds.sh results/paired-x 8 \
#          'anvil 1 benchmarks/target/benchmarks.jar HttpRpcBenchmark\.(braneBatch100|rawBatch100|web3jBatch100)$'
# Each set writes OUT/r<round>-s<set>.json. Run nothing else meanwhile; the load is sampled into OUT/loadavg.txt.
set -eu
out=$1; rounds=$2; shift 2
mkdir -p "$out"
java="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java"
( while true; do echo "$(date +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done ) > "$out/loadavg.txt" &
sampler=$!
trap 'kill $sampler' EXIT
r=1
while [ "$r" -le "$rounds" ]; do
  s=1
  for set in "$@"; do
    node=$(echo "$set" | cut -d' ' -f1); wi=$(echo "$set" | cut -d' ' -f2)
    jar=$(echo "$set" | cut -d' ' -f3); regex=$(echo "$set" | cut -d' ' -f4-)
    echo "$(date +%H:%M:%S) round $r set $s: $jar $regex" >> "$out/progress.txt"
    "$java" -Djmh.ignoreLock=true -jar "$jar" "$regex" -p node="$node" -f 1 -wi "$wi" -w 5s -i 5 -r 1s -prof gc \
        -jvmArgsAppend "-Djmh.shutdownTimeout=1" -rf json -rff "$out/r$r-s$s.json" > "$out/r$r-s$s.txt" 2>&1
    s=$((s + 1))
  done
  r=$((r + 1))
done
