package org.quire.circulation;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.ToIntFunction;

/** Runs one check-out per item barcode, all at once (released together), and returns their HTTP statuses. */
final class CheckOutRace {
    private CheckOutRace() {
    }

    static List<Integer> statuses(List<String> itemBarcodes, ToIntFunction<String> checkOut) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Callable<Integer>> calls = new ArrayList<>();
        for (String b : itemBarcodes) calls.add(() -> {
            start.await();
            return checkOut.applyAsInt(b);
        });
        try (ExecutorService pool = Executors.newFixedThreadPool(itemBarcodes.size())) {
            List<Future<Integer>> futures = new ArrayList<>();
            for (Callable<Integer> call : calls) futures.add(pool.submit(call));
            start.countDown();
            List<Integer> out = new ArrayList<>();
            for (Future<Integer> f : futures) out.add(f.get());
            return out;
        }
    }
}
