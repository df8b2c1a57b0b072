import java.net.*; import java.nio.*; import java.nio.channels.*; import java.nio.charset.StandardCharsets;
public class RLoop {
  public static void main(String[] a) throws Exception {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < 100; i++) b.append(i==0?"":",").append("{\"jsonrpc\":\"2.0\",\"id\":").append(i+1).append(",\"method\":\"eth_chainId\",\"params\":[]}");
    String body = b.append(']').toString();
    byte[] req = ("POST / HTTP/1.1\r\nHost: 127.0.0.1:18545\r\nContent-Type: application/json\r\nContent-Length: " + body.length() + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII);
    boolean heap = a.length > 1 && a[1].equals("heap"); boolean gather = a.length > 1 && a[1].equals("gather");
    int split = new String(req, StandardCharsets.US_ASCII).indexOf("\r\n\r\n") + 4;
    ByteBuffer[] two = {ByteBuffer.wrap(req, 0, split), ByteBuffer.wrap(req, split, req.length - split)};
    SocketChannel ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", 18545));
    ch.setOption(StandardSocketOptions.TCP_NODELAY, true);
    ByteBuffer in = ByteBuffer.allocateDirect(1 << 16);
    ByteBuffer out = heap ? ByteBuffer.wrap(req) : ByteBuffer.allocateDirect(req.length).put(req).flip();
    for (int r = 0; r < Integer.parseInt(a[0]); r++) {
      long w = 0, rd = 0, n = 0; long end = System.nanoTime() + 1_000_000_000L, t0 = System.nanoTime();
      while (System.nanoTime() < end) {
        long s = System.nanoTime();
        if (gather) { two[0].clear().limit(split); two[1].position(split).limit(req.length); while (two[1].hasRemaining()) ch.write(two); } else { out.rewind(); while (out.hasRemaining()) ch.write(out); }
        long s2 = System.nanoTime();
        in.clear(); int len = -1, headEnd = -1;
        while (true) { ch.read(in);
          if (headEnd < 0) { for (int i = 3; i < in.position(); i++) if (in.get(i)=='\n'&&in.get(i-1)=='\r'&&in.get(i-2)=='\n'&&in.get(i-3)=='\r') { headEnd = i+1; break; }
            if (headEnd > 0) { byte[] h = new byte[headEnd]; in.get(0, h); String hs = new String(h, StandardCharsets.US_ASCII).toLowerCase(); int k = hs.indexOf("content-length:"); len = Integer.parseInt(hs.substring(k+15, hs.indexOf('\r', k)).trim()); } }
          if (headEnd > 0 && in.position() >= headEnd + len) break; }
        w += s2 - s; rd += System.nanoTime() - s2; n++;
      }
      System.out.printf("%.1f us/batch: write %.1f, wait+read %.1f%n", (System.nanoTime()-t0)/1e3/n, w/1e3/n, rd/1e3/n);
    }
  }
}
