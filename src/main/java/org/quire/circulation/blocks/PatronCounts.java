package org.quire.circulation.blocks;

import java.math.BigDecimal;

/**
 * What the block conditions are evaluated on, read fresh from loans and items in ONE statement inside the caller's
 * transaction ({@link PatronBlocksStore#counts}). FOLIO keeps a "user summary" updated by events instead, which lags
 * behind check-outs (folio-api.md §8 item 5); the rules below are mod-patron-blocks' (ActionBlocks, OverduePeriodCalculator). Loans whose item is
 * claimed returned count for nothing, and neither do the fees and fines of those loans.
 *
 * @param openLoans          open loans
 * @param overdueLoans       open loans late by more than their loan policy's grace period, in whole minutes
 * @param lostItems          open loans whose item is Declared lost or Aged to lost
 * @param overdueRecalls     overdue loans (as above) shortened by a recall
 * @param maxRecallOverdueDays days the most overdue of those is past its due date, a day begun counting as a day
 * @param feeFineBalance     remaining amount of the patron's open fee/fine accounts
 */
public record PatronCounts(long openLoans, long overdueLoans, long lostItems, long overdueRecalls,
                           long maxRecallOverdueDays, BigDecimal feeFineBalance) {
}
