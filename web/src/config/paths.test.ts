import { describe, expect, it } from 'vitest';
import { buildHref, paths, routePatterns } from './paths';

describe('route paths', () => {
  it('builds the links the spec names', () => {
    expect(paths.calendario.getHref({ action: 'choose', type: 'user' })).toBe(
      '/tabs/calendario/choose/user',
    );
    expect(paths.paquetes.getHref({ number: 0 })).toBe('/tabs/paquetes/0');
    expect(paths.misCompras.getHref({ type: 'user', action: 'view' })).toBe(
      '/tabs/mis-compras/user/view',
    );
    expect(paths.profileUser.getHref({ uid: 'u1' })).toBe('/tabs/profile-user/u1');
    expect(
      paths.buyCredits.getHref({
        type: 'stripe',
        promocode: 'studio.example.com',
        sucursal: 'centro',
        credits: 30,
      }),
    ).toBe('/tabs/buy-credits/stripe/studio.example.com/centro/30');
    expect(paths.checador.getHref({})).toBe('/checador');
    expect(paths.adminListsClass.getHref({})).toBe('/admin-lists-class');
  });

  it('drops an absent optional parameter', () => {
    expect(paths.login.getHref({})).toBe('/login');
    expect(paths.login.getHref({ promocode: 'WELCOME10' })).toBe('/login/WELCOME10');
  });

  it('encodes parameter values so they stay one segment', () => {
    expect(
      paths.userListClass.getHref({
        fecha: '2025-06-02',
        hora: '07:00',
        key: 'a/b',
        coach: 'Ana María',
        classtype: 'spin',
      }),
    ).toBe('/user-list-class/2025-06-02/07%3A00/a%2Fb/Ana%20Mar%C3%ADa/spin');
  });

  it('refuses to build a link with a required parameter missing', () => {
    expect(() => buildHref('/tabs/paquetes/:number', {})).toThrow(/number/);
  });

  it('answers every page under /tabs and at the root', () => {
    expect(routePatterns(paths.events)).toEqual(['/tabs/events', '/events']);
    expect(routePatterns(paths.checador)).toEqual(['/tabs/checador', '/checador']);
  });
});
