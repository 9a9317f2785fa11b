// The steps a queued command takes (pages/static/js/offers.js): withheld until the service has answered, so a
// step is never offered twice (issue 28: an acceptance queued offline, the page reloaded offline).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withheld, CONTROLS, SENT_BY_PAGE } from '../static/js/offers.js';

test('an acceptance waiting in the outbox withholds both answers to the play (FILE 37: accept or challenge)', () => {
  const held = withheld([{ type: 'write_sheet_entry' }, { type: 'accept' }]);
  assert.deepEqual([...held].sort(), ['accept', 'challenge']);
});

test('a play, exchange or pass waiting takes the turn; a ruling recorded takes the ruling steps', () => {
  for (const type of ['place_tiles', 'exchange_tiles', 'pass_turn']) {
    assert.ok(withheld([{ type }]).has('place_tiles') && withheld([{ type }]).has('pass_turn'), type);
  }
  assert.ok(withheld([{ type: 'rule_challenge' }]).has('confirm_ruling'));
  assert.deepEqual([...withheld([{ type: 'sign' }])], ['sign']);
});

test('the device reports and a sheet line take no step', () => {
  assert.equal(withheld([{ type: 'report_device' }, { type: 'write_sheet_entry' }]).size, 0);
  assert.ok('report_device' in SENT_BY_PAGE && !('report_device' in CONTROLS));
});
