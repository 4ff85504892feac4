/** The most common passwords of public breach lists (8+ characters); refused at sign-up and change. */
const COMMON = `password 12345678 123456789 1234567890 password1 password123 qwertyuiop qwerty123 11111111
iloveyou 00000000 abcd1234 sunshine princess football baseball welcome1 welcome123 trustno1 superman
dragon123 1q2w3e4r 1qaz2wsx zaq12wsx qwerty12 letmein1 starwars passw0rd monkey123 michael1 charlie1
computer internet whatever 123123123 987654321 88888888 87654321 aa123456 asdfghjk asdfasdf 12341234
qazwsxedc admin123 administrator changeme secret123 freedom1 master123 shadow12 jennifer jordan23
password12 p@ssw0rd p@ssword hello123 lovely123 football1 baseball1 q1w2e3r4 1234qwer`;

const SET = new Set(COMMON.split(/\s+/).filter(Boolean));

export function isCommonPassword(password: string): boolean {
  return SET.has(password.toLowerCase());
}
