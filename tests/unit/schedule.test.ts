import { describe, expect, it } from 'vitest';
import {
  addDays,
  buildSchedule,
  dateStrip,
  MATCH_SLOTS,
  isFinished,
  isIsoDate,
  isSlot,
  localParts,
  shortTime,
  timeSlots,
} from '../../common/schedule';

describe('time slots', () => {
  it('offers 07:00–21:30 every 30 minutes, to create and to edit alike', () => {
    const slots = timeSlots(MATCH_SLOTS);
    expect(slots).toHaveLength(30);
    expect(slots.slice(0, 3)).toEqual(['07:00', '07:30', '08:00']);
    expect(slots.at(-1)).toBe('21:30');
  });

  it('recognises slots in HH:MM and legacy HH:MM:SS, and nothing else', () => {
    expect(isSlot('07:00', MATCH_SLOTS)).toBe(true);
    expect(isSlot('21:30:00', MATCH_SLOTS)).toBe(true);
    for (const bad of ['06:30', '22:00', '10:15', '10:00:30', '7:00', '24:00', '', 'abc', '10h00'])
      expect(isSlot(bad, MATCH_SLOTS)).toBe(false);
    expect(shortTime('18:30:00')).toBe('18:30');
  });
});

describe('dates', () => {
  it('adds days across months, years and the leap day', () => {
    expect(addDays('2026-06-30', 1)).toBe('2026-07-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(dateStrip('2026-10-24', 3)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });

  it('validates ISO dates strictly', () => {
    expect(isIsoDate('2026-06-10')).toBe(true);
    for (const bad of ['2026-02-30', '2026-13-01', '10/06/2026', '2026-6-1', ''])
      expect(isIsoDate(bad)).toBe(false);
  });

  it('reads local date and time in a zone, across DST changes', () => {
    expect(localParts(new Date('2026-06-30T22:10:00Z'), 'Europe/Paris')).toEqual({
      date: '2026-07-01',
      time: '00:10',
    });
    expect(localParts(new Date('2026-01-15T23:30:00Z'), 'Europe/Paris')).toEqual({
      date: '2026-01-16',
      time: '00:30',
    });
    // Clocks go back on 25 October 2026 at 03:00 CEST → 02:00 CET.
    expect(localParts(new Date('2026-10-25T01:30:00Z'), 'Europe/Paris')).toEqual({
      date: '2026-10-25',
      time: '02:30',
    });
    expect(localParts(new Date('2026-06-30T22:10:00Z'), 'UTC')).toEqual({
      date: '2026-06-30',
      time: '22:10',
    });
  });
});

describe('isFinished', () => {
  const tz = 'Europe/Paris';
  it('is finished once local date and time are before now, not at the very minute', () => {
    const now = new Date('2026-07-01T05:10:00Z'); // 07:10 in Paris
    expect(isFinished({ date: '2026-07-01', time: '07:00:00' }, now, tz)).toBe(true);
    expect(isFinished({ date: '2026-07-01', time: '07:10' }, now, tz)).toBe(false);
    expect(isFinished({ date: '2026-07-01', time: '07:30' }, now, tz)).toBe(false);
    expect(isFinished({ date: '2026-06-30', time: '21:30' }, now, tz)).toBe(true);
    expect(isFinished({ date: '2026-07-01', time: '07:00' }, now, 'UTC')).toBe(false);
  });

  it('flips at Paris midnight, not UTC midnight', () => {
    const justAfter = new Date('2026-06-30T22:10:00Z');
    expect(isFinished({ date: '2026-06-30', time: '21:30' }, justAfter, tz)).toBe(true);
    expect(isFinished({ date: '2026-07-01', time: '07:00' }, justAfter, tz)).toBe(false);
  });
});

describe('buildSchedule', () => {
  it('gives the create and edit strips from the local today', () => {
    const s = buildSchedule(new Date('2026-06-30T22:10:00Z'), 'Europe/Paris', 60, 30);
    expect(s).toMatchObject({ timezone: 'Europe/Paris', today: '2026-07-01', now: '00:10' });
    expect(s.createDates).toHaveLength(60);
    expect(s.createDates.at(-1)).toBe('2026-08-29');
    expect(s.editDates.at(-1)).toBe('2026-07-30');
    expect(s.createTimes[0]).toBe('07:00');
    // One window for both: a 07:00 match can be edited without moving it (issue 38).
    expect(s.editTimes).toEqual(s.createTimes);
  });
});
