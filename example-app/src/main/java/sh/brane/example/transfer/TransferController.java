package sh.brane.example.transfer;

import java.net.URI;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** Payments from the configured signer. */
@RestController
@RequestMapping("/api/transfers")
class TransferController {

    private final TransferService transfers;

    TransferController(TransferService transfers) {
        this.transfers = transfers;
    }

    /**
     * Signs and sends; answers 202 with the hash as soon as the node accepted the transaction. JSON only: a page of
     * another origin cannot send JSON without a CORS preflight, which is why the API needs no CSRF token.
     */
    /**
     * With an {@code Idempotency-Key} header (a business reference such as an order id), a retry of the same POST
     * (same key, same body) answers 200 with the same hash instead of paying again, from any instance and after a
     * restart; the same key with another payment is a 422 problem.
     */
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<TransferService.TransferAccepted> transfer(@RequestBody(required = false) TransferRequest request,
            @RequestHeader(name = IDEMPOTENCY_KEY, required = false) String idempotencyKey) {
        TransferService.TransferAccepted accepted = transfers.transfer(request, idempotencyKey);
        ResponseEntity.BodyBuilder answer = accepted.replayed() ? ResponseEntity.ok().header("Idempotent-Replayed",
                "true") : ResponseEntity.accepted();
        return answer.location(URI.create("/api/transfers/" + accepted.hash())).body(accepted);
    }

    static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    /** From the service's journal first (what it signed, even before a node has it), then from the node. */
    @GetMapping("/{hash}")
    TransferService.TransferStatus status(@PathVariable String hash) {
        return transfers.status(hash);
    }

    /** The transfer journalled under an Idempotency-Key: for a caller whose POST got no answer. */
    @GetMapping
    TransferService.TransferStatus byKey(@RequestParam(name = "idempotencyKey", required = false) String key) {
        return transfers.statusByKey(key);
    }
}
