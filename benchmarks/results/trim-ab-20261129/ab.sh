#!/bin/bash
# A/B in paired rounds: jar A (0bf5d43, measured in rpc-20261129c) and jar B (8285eaa: with the rpc trim and the typed
# readers merged), both built with -am; local Anvil, BLOCKING, web3j beside each. Each JSON gzipped after.
set -u
OUT=$1; ROUNDS=$2
A=/work/benchjar/main-0bf5d43.jar; B=/work/benchjar/main-8285eaa.jar
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
C=(-f 1 -wi 2 -w 1s -i 4 -r 1s -prof gc -jvmArgsAppend -Djmh.shutdownTimeout=1)
(while true; do echo "$(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done) > "$OUT/loadavg.txt" &
trap "kill $!" EXIT
for r in $(seq 1 $ROUNDS); do
  for side in A B; do
    [ $((r % 2)) -eq 0 ] && side=$([ $side = A ] && echo B || echo A)
    jar=$([ $side = A ] && echo $A || echo $B)
    echo "$(date -u +%H:%M:%S) r$r-$side" >> "$OUT/progress.txt"
    $J -jar "$jar" "${C[@]}" -rf json -rff "$OUT/r$r-$side-seeds.json" -p node=anvil -p waitStrategy=BLOCKING \
      'WebSocketRpcBenchmark\.(brane|web3j)(Sequential|InFlight100)$|HttpRpcBenchmark\.(brane|web3j)(Sequential|Batch100)$' \
      > "$OUT/r$r-$side.log" 2>&1
  done
done
echo "$(date -u +%H:%M:%S) done" >> "$OUT/progress.txt"
