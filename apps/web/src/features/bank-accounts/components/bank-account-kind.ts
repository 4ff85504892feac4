/** The routes' `isCrossBorder` parameter (spec 2: `bank-accounts/create/{isCrossBorder}`): `true` or `false`. */
export const crossBorderParam = (crossBorder: boolean): string => (crossBorder ? 'true' : 'false');

export const isCrossBorderParam = (value: string | undefined): boolean => value === 'true';
