#!/bin/bash
# A/B in paired rounds: jar A (df8f30e: the ring consumer on its own thread) and jar B (f2039a2: the I/O thread drains
# the ring), both built with -am; BLOCKING, then Brane alone with BUSY_SPIN and YIELDING. Each JSON gzipped after.
set -u
OUT=$1; ROUNDS=$2
A=/work/benchjar/A-df8f30e.jar; B=/work/benchjar/loop.jar
J=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java
C=(-f 1 -wi 2 -w 1s -i 4 -r 1s -prof gc -jvmArgsAppend -Djmh.shutdownTimeout=1)
(while true; do echo "$(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 30; done) > "$OUT/loadavg.txt" &
trap "kill $!" EXIT
one() { # NAME JAR ARGS...
  local name=$1 jar=$2; shift 2
  echo "$(date -u +%H:%M:%S) $name" >> "$OUT/progress.txt"
  $J -jar "$jar" "${C[@]}" -rf json -rff "$OUT/$name.json" "$@" > "$OUT/$name.log" 2>&1
}
for r in $(seq 1 $ROUNDS); do
  for side in A B; do
    [ $((r % 2)) -eq 0 ] && side=$([ $side = A ] && echo B || echo A)
    jar=$([ $side = A ] && echo $A || echo $B)
    who=$([ $side = A ] && echo '(brane|web3j)' || echo 'brane')
    one r$r-$side-seeds $jar -p node=anvil,remote -p waitStrategy=BLOCKING "WebSocketRpcBenchmark\.$who(Sequential|InFlight100|AsyncBatch100)\$"
    one r$r-$side-patterns $jar -p node=local,remote -p transport=ws "ServicePatternsBenchmark\.$who"
    one r$r-$side-spin $jar -p node=anvil -p waitStrategy=BUSY_SPIN,YIELDING "WebSocketRpcBenchmark\.brane(Sequential|InFlight100)\$"
  done
done
echo "$(date -u +%H:%M:%S) done" >> "$OUT/progress.txt"
