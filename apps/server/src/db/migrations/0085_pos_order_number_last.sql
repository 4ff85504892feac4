-- A register sale inserts its order without a number and numbers it last in its transaction, so the business's
-- counter row is held only over that statement, the one after it and the commit (docs/pos.md, "Numbers").
ALTER TABLE "pos_orders" ALTER COLUMN "number" DROP NOT NULL;
