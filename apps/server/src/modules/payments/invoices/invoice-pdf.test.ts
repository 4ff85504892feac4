import { describe, expect, it } from 'vitest';
import { drawableText } from './invoice-pdf';

describe('drawableText', () => {
  it('keeps what the standard fonts draw: ASCII, Latin-1, and the Windows-1252 extras', () => {
    for (const text of ['Demo Coffee Roasters', 'Café Müller, Señor Ñandú, Øresund', 'Payment “within” 30 days – thanks… €5', 'Line one\nLine two'])
      expect(drawableText(text)).toBe(text);
  });

  it('takes the accents off letters outside it, and turns anything else into "?"', () => {
    expect(drawableText('Nguyễn Văn Ánh')).toBe('Nguyen Van Ánh');
    expect(drawableText('Łódź, Đà Nẵng, İstanbul, Kraków')).toBe('Lódz, Dà Nang, Istanbul, Kraków');
    expect(drawableText('咖啡店 Kopi 😀')).toBe('??? Kopi ?');
  });
});
