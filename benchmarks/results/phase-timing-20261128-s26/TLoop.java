import java.util.*;
import sh.brane.rpc.*;
public class TLoop {
  static final List<RpcCall> B = java.util.stream.IntStream.range(0,100).mapToObj(i->RpcCall.of("eth_chainId")).toList();
  public static void main(String[] a) throws Exception {
    int secs = Integer.parseInt(a[0]);
    try (HttpProvider p = HttpProvider.create(HttpConfig.builder(a[1]).build())) {
      for (int r = 0; r < secs; r++) {
        Arrays.fill(HttpProvider.T, 0);
        long end = System.nanoTime() + 1_000_000_000L; long n = 0; long t0 = System.nanoTime();
        while (System.nanoTime() < end) { for (var f : p.sendBatchAndWait(B)) f.join(); n++; }
        long[] T = HttpProvider.T; double k = T[4] * 1e3;
        System.out.printf("%.1f us/batch: before write %.1f, write %.1f, wait+read %.1f, after read %.1f [register %.1f serialize %.1f exchange %.1f]%n", (System.nanoTime()-t0)/1e3/n, T[0]/k, T[1]/k, T[2]/k, T[3]/k, T[5]/k, T[6]/k, T[7]/k);
      }
    }
  }
}
