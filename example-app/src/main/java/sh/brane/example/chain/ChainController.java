package sh.brane.example.chain;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import sh.brane.core.types.Address;

/** Chain and account reads. */
@RestController
@RequestMapping("/api")
class ChainController {

    private final ChainReader reader;

    ChainController(ChainReader reader) {
        this.reader = reader;
    }

    @GetMapping("/chain")
    ChainReader.ChainInfo chain() {
        return reader.chainInfo();
    }

    @GetMapping("/accounts/{address}")
    ChainReader.AccountInfo account(@PathVariable String address) {
        return reader.account(Address.of(address));
    }
}
