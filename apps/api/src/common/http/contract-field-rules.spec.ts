import { CompanyInput, JobInput, optionalPhone, optionalText, PhoneSchema, ProfileInformationInput, refId } from '@legenett/contracts';

// The field rules every contract shares (packages/contracts/src/common.ts): one phone rule, one message.
describe('contract field rules', () => {
  it('optionalText trims, caps and turns blank into null', () => {
    const rule = optionalText(5);
    expect(rule.parse('  abc ')).toBe('abc');
    expect(rule.parse('   ')).toBeNull();
    expect(rule.parse(undefined)).toBeNull();
    expect(rule.safeParse('abcdef').success).toBe(false);
  });

  it('refId turns absent into null and refuses what is no id', () => {
    expect(refId.parse(undefined)).toBeNull();
    expect(refId.parse(null)).toBeNull();
    expect(refId.parse('7')).toBe(7);
    expect(refId.safeParse(0).success).toBe(false);
    expect(refId.safeParse(2 ** 31).success).toBe(false);
  });

  it.each([
    ['+47 912 34 567', '+4791234567'],
    ['91234567', '+4791234567'],
    ['22-11-22-33', '+4722112233'],
    ['0047 22112233', '+4722112233'],
  ])('a Norwegian number %s is kept as %s', (input, stored) => {
    expect(PhoneSchema.parse(input)).toBe(stored);
    expect(optionalPhone.parse(input)).toBe(stored);
  });

  it.each(['123', '+46 70 123 45 67', '12345678', '+47 912 34 5678', 'telefon'])('%s is refused with validation.phone', (input) => {
    const result = PhoneSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation.phone']);
  });

  it('optionalPhone turns blank into null', () => {
    expect(optionalPhone.parse('  ')).toBeNull();
    expect(optionalPhone.parse(null)).toBeNull();
    expect(optionalPhone.parse(undefined)).toBeNull();
  });

  it('every form with a phone uses the one rule', () => {
    const phoneIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      result.error?.issues.find((i) => i.path[0] === 'phone')?.message;
    expect(phoneIssue(JobInput.safeParse({ phone: '123' }))).toBe('validation.phone');
    expect(phoneIssue(CompanyInput.safeParse({ phone: '123' }))).toBe('validation.phone');
    expect(phoneIssue(ProfileInformationInput.safeParse({ phone: '123' }))).toBe('validation.phone');
  });
});
