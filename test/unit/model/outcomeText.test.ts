import { strict as assert } from 'node:assert';
import { actionOn, rerunOutcomeText } from '../../../core/reports/outcomeText';
import { ratingOf } from '../../../core/checks/rating';

describe('model: the words of an outcome (commands and the report panel share them)', () => {
  it('says the new rating and the old one when a re-run changed it', () => {
    const before = ratingOf({ result: 40 });
    const after = ratingOf({ result: 90 });
    assert.equal(rerunOutcomeText('a.test', before, after), 'Website Reports: a.test is Good (90) (was Bad (40)).');
  });

  it('says the rating alone when a re-run left it as it was', () => {
    const same = ratingOf({ result: 'decent' });
    assert.equal(rerunOutcomeText('a.test', same, same), 'Website Reports: a.test is Decent.');
  });

  it('names each action on a report as the subject of "… failed"', () => {
    assert.equal(actionOn.changePrivacy('a.test'), 'Changing the privacy of a.test');
    assert.equal(actionOn.rerun('a.test'), 'Re-running a.test');
    assert.equal(actionOn.delete('a.test'), 'Deleting a.test');
  });
});
