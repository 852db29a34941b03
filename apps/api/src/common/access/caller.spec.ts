import { isActor, isCaller, isCallerInPersonOrActing, isSelf, othersThan } from './caller';

describe('the caller as a party', () => {
  const person = { userId: 1, activeCompanyId: null };
  const acting = { userId: 1, activeCompanyId: 9 };
  const own = { user_id: 1, company_id: null };
  const others = { user_id: 2, company_id: null };
  const company = { user_id: null, company_id: 9 };
  const otherCompany = { user_id: null, company_id: 8 };

  it('isCaller: the caller as they act now', () => {
    expect(isCaller(person, own)).toBe(true);
    expect(isCaller(person, others)).toBe(false);
    expect(isCaller(person, company)).toBe(false);
    expect(isCaller(acting, company)).toBe(true);
    expect(isCaller(acting, otherCompany)).toBe(false);
    // Acting as a company, their personal rows are not theirs here.
    expect(isCaller(acting, own)).toBe(false);
    expect(isCaller(person, { user_id: null, company_id: null })).toBe(false);
  });

  it('isCallerInPersonOrActing: the caller in person, or the company they act as', () => {
    expect(isCallerInPersonOrActing(person, own)).toBe(true);
    expect(isCallerInPersonOrActing(acting, own)).toBe(true);
    expect(isCallerInPersonOrActing(person, others)).toBe(false);
    expect(isCallerInPersonOrActing(acting, company)).toBe(true);
    expect(isCallerInPersonOrActing(person, company)).toBe(false);
    expect(isCallerInPersonOrActing(acting, otherCompany)).toBe(false);
  });

  it('isSelf: the account of the caller, however they act', () => {
    expect(isSelf(person, 1)).toBe(true);
    expect(isSelf(acting, 1)).toBe(true);
    expect(isSelf(person, 2)).toBe(false);
    expect(isSelf(person, null)).toBe(false);
    expect(isSelf(person, undefined)).toBe(false);
  });

  it('isActor: the user is the one who acted; nobody acted is nobody', () => {
    expect(isActor(1, 1)).toBe(true);
    expect(isActor(1, 2)).toBe(false);
    expect(isActor(null, 1)).toBe(false);
    expect(isActor(undefined, 1)).toBe(false);
    expect(isActor(null, null)).toBe(false);
    expect(isActor(undefined, undefined)).toBe(false);
    expect(isActor(1, null)).toBe(false);
  });

  it('othersThan: each id once, the caller left out', () => {
    expect(othersThan(person, [3, 1, 2, 3, 1])).toEqual([3, 2]);
    expect(othersThan(person, [1])).toEqual([]);
  });
});
