"""Players and their tokens: the aggregates and rules (`players`), kept in the store (`ledger`)."""
