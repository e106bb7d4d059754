import { describe, expect, it } from 'vitest';
import { portalLinkUrl, portalTokenFromAddress } from '@contracts/customer-portal';
import { addressWithoutToken } from '@/features/customer-portal/portal-link-token';

describe('portal link addresses', () => {
  it('links carry the token in the fragment, which the screen reads back', () => {
    const url = new URL(portalLinkUrl('https://app.example.com', 'abc_DEF-123'));
    expect(url.href).toBe('https://app.example.com/customer-portal#token=abc_DEF-123');
    expect(url.search).toBe('');
    expect(portalTokenFromAddress(url.search, url.hash)).toBe('abc_DEF-123');
  });

  it('older ?token= links still open; the fragment wins when both are there; blanks are no token', () => {
    expect(portalTokenFromAddress('?token=old', '')).toBe('old');
    expect(portalTokenFromAddress('token=old', 'token=new')).toBe('new');
    expect(portalTokenFromAddress('?customer=5', '#token=%20')).toBeUndefined();
    expect(portalTokenFromAddress('', '')).toBeUndefined();
  });

  it('the address bar keeps everything but the token', () => {
    expect(addressWithoutToken({ pathname: '/customer-portal', search: '', hash: '#token=abc' })).toEqual({ pathname: '/customer-portal', search: '', hash: '' });
    expect(addressWithoutToken({ pathname: '/customer-portal', search: '?token=abc&customer=5', hash: '#x=1&token=abc' })).toEqual({
      pathname: '/customer-portal',
      search: '?customer=5',
      hash: '#x=1',
    });
  });
});
