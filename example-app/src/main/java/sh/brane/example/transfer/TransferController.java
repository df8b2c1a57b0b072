package sh.brane.example.transfer;

import java.net.URI;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
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
    @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
    ResponseEntity<TransferService.TransferAccepted> transfer(@RequestBody(required = false) TransferRequest request) {
        TransferService.TransferAccepted accepted = transfers.transfer(request);
        return ResponseEntity.accepted().location(URI.create("/api/transfers/" + accepted.hash())).body(accepted);
    }

    @GetMapping("/{hash}")
    TransferService.TransferStatus status(@PathVariable String hash) {
        return transfers.status(hash);
    }
}
