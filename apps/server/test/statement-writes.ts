/**
 * The writes one statement makes, as "insert into \"table\"", "update \"table\" set" or "delete from \"table\"": the
 * statement itself, or each part of one that sends several together (`writeTogether`, db/write-together.ts). The
 * statement tests count writes per table with it, wherever a write travels.
 */
export function writesOf(statement: string): string[] {
  const flat = statement.replace(/\s+/g, ' ');
  return [...flat.matchAll(/(?:^|\( ?)(insert into "[a-z_]+"|update "[a-z_]+" set|delete from "[a-z_]+")/g)].map((m) => m[1]!);
}
