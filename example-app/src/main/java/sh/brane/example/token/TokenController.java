package sh.brane.example.token;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import sh.brane.core.types.Address;

/** ERC-20 reads. */
@RestController
@RequestMapping("/api/tokens")
class TokenController {

    private final TokenService tokens;

    TokenController(TokenService tokens) {
        this.tokens = tokens;
    }

    /** The token the service deployed (or was configured with). */
    @GetMapping
    TokenService.TokenInfo token() {
        return tokens.info();
    }

    @GetMapping("/{token}/balances/{address}")
    TokenService.TokenBalance balance(@PathVariable String token, @PathVariable String address) {
        return tokens.balance(Address.of(token), Address.of(address));
    }
}
