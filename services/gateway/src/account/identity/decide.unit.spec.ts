import { deciderTests } from '@pds/service-runtime';
import { accountIdFor, customerIdFor, normaliseEmail, type CustomerEvent } from './customer';
import { customerDecider, CustomerError } from './decide';

const given = deciderTests.given(customerDecider);
const email = 'ann@example.test';
const customerId = customerIdFor(email);
const accountId = accountIdFor(customerId);
const signedUp: CustomerEvent = { type: 'CustomerSignedUp', data: { customerId, email, accountId, credentialId: 'cred_1' } };
const verified: CustomerEvent = { type: 'EmailVerified', data: { customerId, credentialId: 'cred_1' } };

describe('customer ids', () => {
  it('are made from the normalised email, one account per customer, in the shapes the ledger takes', () => {
    expect(normaliseEmail('  Ann@Example.TEST ')).toBe(email);
    expect(customerId).toMatch(/^cst_[a-z2-7]{26}$/);
    expect(accountId).toMatch(/^acc_[a-z2-7]{24}$/);
    // Worked out with Python's base64.b32encode(hashlib.sha256(…).digest()), lower-cased and cut.
    expect(customerIdFor('')).toBe('cst_4oymiquy7qobjgx36tejs35zeq');
    expect(accountIdFor('cst_x')).toBe('acc_xgypyfpe7l46lhtaxzekjsx4');
    expect(customerIdFor('ann@example.test')).not.toBe(customerIdFor('bob@example.test'));
  });
});

describe('customer decider', () => {
  it('signs up once; an unverified repeat replaces the credential; a verified customer records nothing', () => {
    given([]).when({ type: 'SignUp', email, credentialId: 'cred_1' }).then([signedUp]);
    given([signedUp])
      .when({ type: 'SignUp', email, credentialId: 'cred_2' })
      .then([{ type: 'SignUpRepeated', data: { customerId, credentialId: 'cred_2' } }]);
    given([signedUp, verified]).when({ type: 'SignUp', email, credentialId: 'cred_3' }).then([]);
  });

  it('verifies only with the link of the current credential, once', () => {
    given([signedUp]).when({ type: 'VerifyEmail', credentialId: 'cred_1' }).then([verified]);
    given([signedUp, verified]).when({ type: 'VerifyEmail', credentialId: 'cred_1' }).then([]);
    given([signedUp, { type: 'SignUpRepeated', data: { customerId, credentialId: 'cred_2' } }])
      .when({ type: 'VerifyEmail', credentialId: 'cred_1' })
      .thenThrows(CustomerError, { code: 'LINK_SUPERSEDED' });
    given([]).when({ type: 'VerifyEmail', credentialId: 'cred_1' }).thenThrows(CustomerError, { code: 'NOT_SIGNED_UP' });
  });

  it('records the trial once, and only for a verified customer', () => {
    given([signedUp]).when({ type: 'RecordTrialOpened' }).thenThrows(CustomerError, { code: 'NOT_VERIFIED' });
    const opened: CustomerEvent = { type: 'TrialAccountOpened', data: { customerId, accountId } };
    given([signedUp, verified]).when({ type: 'RecordTrialOpened' }).then([opened]);
    given([signedUp, verified, opened]).when({ type: 'RecordTrialOpened' }).then([]);
  });

  it('changes the password to a new credential', () => {
    given([signedUp, verified])
      .when({ type: 'ChangePassword', credentialId: 'cred_9', how: 'reset' })
      .then([{ type: 'PasswordChanged', data: { customerId, credentialId: 'cred_9', how: 'reset' } }]);
    given([signedUp]).thenState({ status: 'signed_up', ...signedUp.data, verified: false, trialOpened: false });
  });
});
