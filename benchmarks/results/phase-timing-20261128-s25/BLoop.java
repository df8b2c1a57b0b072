import java.util.*;
import java.util.concurrent.*;
import sh.brane.rpc.*;
import sh.brane.benchmarks.*;
public class BLoop {
  static final List<RpcCall> B = java.util.stream.IntStream.range(0,100).mapToObj(i->RpcCall.of("eth_chainId")).toList();
  public static void main(String[] a) throws Exception {
    int secs = Integer.parseInt(a[0]);
    String url = a[1];
    try (HttpProvider p = HttpProvider.create(HttpConfig.builder(url).build())) {
      long end = System.nanoTime() + secs * 1_000_000_000L; long n = 0;
      long t0 = System.nanoTime();
      while (System.nanoTime() < end) {
        for (var f : p.sendBatchAndWait(B)) f.join();
        n++;
      }
      System.out.printf("%d batches, %.1f us/batch%n", n, (System.nanoTime() - t0) / 1e3 / n);
    }
  }
}
