import { z } from 'zod';
import { noNulCharacter } from './text-rule';

export { NUL_CHARACTER_MESSAGE, noNulCharacter } from './text-rule';

/**
 * The start of every string an API input accepts (names, free text, codes, tokens, passwords):
 * `text().trim().min(1).max(120)`. A plain `z.string()` in a body, query or params is refused by the
 * contract test.
 */
export function text() {
  return z.string().check(noNulCharacter);
}

/**
 * String formats whose own pattern already excludes U+0000 (their property test proves it), so a schema
 * may use them without `text()`: `z.uuid()`, `z.email()`, `z.iso.date()`, `z.iso.datetime()`.
 */
export const NUL_FREE_STRING_FORMATS: readonly string[] = ['uuid', 'email', 'date', 'datetime'];

interface LooseDef {
  type: string;
  format?: string;
  checks?: readonly unknown[];
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  items?: readonly z.ZodType[];
  rest?: z.ZodType | null;
  options?: readonly z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
}

/** Node types that hold no string, or only what the schema itself spelled out. */
const LEAF_TYPES = new Set(['number', 'int', 'boolean', 'bigint', 'enum', 'literal', 'null', 'undefined', 'void', 'never', 'nan', 'date', 'transform']);

/**
 * Paths (`business.name`, `[]`, ...) of every string an input schema accepts without the NUL rule, and of
 * every place it accepts anything at all (`z.any()`, `z.unknown()`, custom schemas), where the rule cannot
 * be proven. An empty answer means no string with U+0000 gets through the schema.
 */
export function stringsWithoutNulRule(schema: z.ZodType, path = ''): string[] {
  const seen = new Set<z.ZodType>();
  const found: string[] = [];
  const at = (base: string, key: string) => (base ? `${base}.${key}` : key);

  const walk = (node: z.ZodType, where: string): void => {
    if (seen.has(node)) return;
    seen.add(node);
    const def = node._zod.def as unknown as LooseDef;
    if (def.type === 'string') {
      const guarded = def.checks?.includes(noNulCharacter) || (def.format !== undefined && NUL_FREE_STRING_FORMATS.includes(def.format));
      if (!guarded) found.push(where || '(root)');
      return;
    }
    if (LEAF_TYPES.has(def.type)) return;
    const children: [z.ZodType | undefined | null, string][] = [];
    switch (def.type) {
      case 'object':
        for (const [key, child] of Object.entries(def.shape ?? {})) children.push([child, at(where, key)]);
        children.push([def.catchall, at(where, '*')]);
        break;
      case 'array':
      case 'set':
        children.push([def.element ?? def.valueType, at(where, '[]')]);
        break;
      case 'tuple':
        (def.items ?? []).forEach((item, i) => children.push([item, at(where, String(i))]));
        children.push([def.rest, at(where, '[]')]);
        break;
      case 'union':
        for (const option of def.options ?? []) children.push([option, where]);
        break;
      case 'intersection':
        children.push([def.left, where], [def.right, where]);
        break;
      case 'record':
      case 'map':
        children.push([def.keyType, at(where, '(key)')], [def.valueType, at(where, '*')]);
        break;
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'catch':
      case 'readonly':
      case 'nonoptional':
        children.push([def.innerType, where]);
        break;
      case 'pipe':
        children.push([def.in, where], [def.out, where]);
        break;
      case 'lazy':
        children.push([def.getter?.(), where]);
        break;
      default:
        found.push(`${where || '(root)'} (${def.type})`);
    }
    for (const [child, childPath] of children) if (child) walk(child, childPath);
  };

  walk(schema, path);
  return found;
}
