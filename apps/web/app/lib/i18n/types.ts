import type { en } from './en';

/** The shape of the English resources with every literal widened to string. */
type Widen<T> = T extends string
  ? string
  : T extends ReadonlyArray<infer U>
    ? ReadonlyArray<Widen<U>>
    : { readonly [K in keyof T]: Widen<T[K]> };

export type Translation = Widen<typeof en>;
