package sh.brane.example.heads;

import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/** New blocks as server-sent events: {@code curl -N localhost:8080/api/heads}. */
@RestController
class HeadsController {

    private final HeadStream heads;

    HeadsController(HeadStream heads) {
        this.heads = heads;
    }

    @GetMapping(path = "/api/heads", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter heads() {
        return heads.open();
    }
}
