import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema';

export type NewUser = typeof users.$inferInsert;
export type UserPatch = Partial<Omit<NewUser, 'id' | 'createdAt'>>;

export const userRepository = {
  async findById(db: Executor, id: string) {
    const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
    return row ?? null;
  },
  async findByEmail(db: Executor, email: string) {
    const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
    return row ?? null;
  },
  async insert(db: Executor, row: NewUser) {
    const [created] = await db.insert(users).values({ ...row, email: row.email.toLowerCase() }).returning();
    return created!;
  },
  async update(db: Executor, id: string, patch: UserPatch) {
    const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
    return row!;
  },
};
