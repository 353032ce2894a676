package org.quire.platform;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/** Waiting for work handed to another thread (a page read ahead), its failure rethrown as it was thrown there. */
public final class Futures {
    private Futures() {
    }

    /** The result; a RuntimeException or Error of the task is rethrown unwrapped, anything else wrapped. */
    public static <T> T result(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            if (e.getCause() instanceof Error err) throw err;
            throw new IllegalStateException(e.getCause());
        }
    }
}
