package sh.brane.client.events;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import sh.brane.rpc.RpcErrorException;

/** The refusals of real nodes and providers are recognised; other errors are not mistaken for them. */
class LogQueryTooLargeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "-32005|query returned more than 10000 results|TOO_MANY_RESULTS",
            "-32602|Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range|RANGE_TOO_LARGE",
            "-32000|exceed maximum block range: 5000|RANGE_TOO_LARGE",
            "-32600|eth_getLogs is limited to a 10,000 range|RANGE_TOO_LARGE",
            "-32000|block range is too wide|RANGE_TOO_LARGE",
            "-32000|query exceeds max results 20000, retry with the range 100-200|TOO_MANY_RESULTS",
            "-32602|Log response size exceeded.|TOO_MANY_RESULTS",
            "-32000|execution reverted|",
            "-32601|the method eth_getLogs does not exist/is not available|",
            "-32000|header not found|" })
    void nodesWordsAreClassified(int code, String message, LogQueryTooLarge.Kind expected) {
        assertThat(LogQueryTooLarge.classify(new RpcErrorException("eth_getLogs", code, message, null)))
                .isEqualTo(expected);
    }
}
