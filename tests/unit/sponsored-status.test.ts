import { describe, expect, it } from 'vitest';
import {
  draftRefusal,
  SPONSORED_TRANSITIONS,
  sponsoredCountsOf,
  sponsoredQueueTab,
  statusChangeRefusal,
} from '../../server/services/sponsors/sponsored-status.ts';

describe("a sponsored submission's status rules", () => {
  it('let a new submission be approved or rejected, and a reviewed one change its mind only', () => {
    expect(SPONSORED_TRANSITIONS).toEqual({ new: ['approved', 'rejected'], approved: ['rejected'], rejected: ['approved'] });
  });

  it('refuse to approve an unpaid submission, and let it be rejected', () => {
    expect(statusChangeRefusal({ status: 'new', payment_status: 'pending' }, 'approved')).toBe(
      'This submission is not paid: only paid submissions can be approved',
    );
    expect(statusChangeRefusal({ status: 'new', payment_status: null }, 'rejected')).toBeUndefined();
    expect(statusChangeRefusal({ status: 'new', payment_status: 'completed' }, 'approved')).toBeUndefined();
  });

  it('make a post only of a paid, approved submission, naming the payment first', () => {
    expect(draftRefusal({ status: 'new', payment_status: 'failed' })).toBe('This submission is not paid: only paid submissions become posts');
    expect(draftRefusal({ status: 'new', payment_status: 'completed' })).toBe(
      'Approve this submission first: only approved submissions become posts',
    );
    expect(draftRefusal({ status: 'approved', payment_status: 'completed' })).toBeUndefined();
  });

  it('put a new submission in the queue by whether it is paid, and a reviewed one by its status', () => {
    expect(sponsoredQueueTab('new', 'completed')).toBe('to_review');
    expect(sponsoredQueueTab('new', 'refunded')).toBe('unpaid');
    expect(sponsoredQueueTab('new', null)).toBe('unpaid');
    expect(sponsoredQueueTab('rejected', 'completed')).toBe('rejected');
  });

  it('count each status and each queue tab from the counted groups', () => {
    expect(
      sponsoredCountsOf([
        { status: 'new', payment_status: 'completed', count: 2 },
        { status: 'new', payment_status: null, count: 3 },
        { status: 'new', payment_status: 'expired', count: 1 },
        { status: 'approved', payment_status: 'completed', count: 4 },
      ]),
    ).toEqual({ new: 6, approved: 4, rejected: 0, queue: { to_review: 2, approved: 4, rejected: 0, unpaid: 4 } });
  });
});
