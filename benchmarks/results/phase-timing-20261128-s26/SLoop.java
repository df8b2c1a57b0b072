import java.util.*;
import java.util.concurrent.*;
import sh.brane.rpc.*;
public class SLoop {
  static final List<RpcCall> B = java.util.stream.IntStream.range(0,100).mapToObj(i->RpcCall.of("eth_chainId")).toList();
  public static void main(String[] a) throws Exception {
    int rounds = Integer.parseInt(a[0]);
    try (HttpProvider p = HttpProvider.create(HttpConfig.builder(a[1]).build())) {
      for (int r = 0; r < rounds; r++) {
        for (int mode = 0; mode < 2; mode++) {
          long end = System.nanoTime() + 2_000_000_000L; long n = 0; long t0 = System.nanoTime();
          while (System.nanoTime() < end) {
            if (mode == 0) { List<CompletableFuture<tools.jackson.databind.JsonNode>> fs = p.sendBatch(B); fs.get(99).join(); }
            else { p.sendBatchAndWait(B); }
            n++;
          }
          System.out.printf("%s %.1f us/batch%n", mode == 0 ? "sendBatch       " : "sendBatchAndWait", (System.nanoTime()-t0)/1e3/n);
        }
      }
    }
  }
}
