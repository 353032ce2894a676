package org.quire.bench;

import java.io.IOException;

/** Times one HTTP call of a virtual user and records it; a failed call is a KO with its reason kept for the report. */
final class Timed {
    private Timed() {
    }

    @FunctionalInterface
    interface Call {
        BenchHttp.Reply send() throws IOException, InterruptedException;
    }

    /** @return the reply, or null when the request did not complete (an I/O error, recorded as a KO) */
    static BenchHttp.Reply call(Measurements m, String label, Call call) throws InterruptedException {
        long start = System.nanoTime();
        try {
            BenchHttp.Reply r = call.send();
            m.record(label, start, System.nanoTime(), r.ok());
            if (!r.ok()) m.error(label, "HTTP " + r.status() + " " + r.abbreviated());
            return r;
        } catch (IOException e) {
            m.record(label, start, System.nanoTime(), false);
            m.error(label, e.toString());
            return null;
        }
    }
}
