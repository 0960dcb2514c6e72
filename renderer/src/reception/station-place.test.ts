import { describe, expect, it } from 'vitest';
import { placeToCall, readStationPlaces, saveStationPlace, STATION_PLACES_KEY } from './station-place.js';

function memoryStorage(initial?: string) {
  const data = new Map<string, string>(initial === undefined ? [] : [[STATION_PLACES_KEY, initial]]);
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

const clinic = {
  id: 'c1',
  places: [
    { id: 'g1', active: true },
    { id: 'g2', active: true },
    { id: 'old', active: false },
  ],
};

describe('the station’s attendance place', () => {
  it('keeps one place per clinic, and forgets one without touching the others', () => {
    const storage = memoryStorage();
    expect(readStationPlaces(storage)).toEqual({});
    saveStationPlace(storage, 'c1', 'g2');
    saveStationPlace(storage, 'c2', 'x9');
    expect(readStationPlaces(storage)).toEqual({ c1: 'g2', c2: 'x9' });
    saveStationPlace(storage, 'c1', 'g1');
    expect(readStationPlaces(storage)).toEqual({ c1: 'g1', c2: 'x9' });
    saveStationPlace(storage, 'c1', null);
    expect(readStationPlaces(storage)).toEqual({ c2: 'x9' });
  });

  it('reads a damaged or foreign value as nothing chosen', () => {
    expect(readStationPlaces(memoryStorage('not json'))).toEqual({});
    expect(readStationPlaces(memoryStorage('["g1"]'))).toEqual({});
    expect(readStationPlaces(memoryStorage('null'))).toEqual({});
    expect(readStationPlaces(memoryStorage('{"c1":"g1","c2":7}'))).toEqual({ c1: 'g1' });
  });

  it('sends the chosen place only when it is still active and the person may call tickets', () => {
    expect(placeToCall({ c1: 'g2' }, clinic, true)).toBe('g2');
    // Nothing chosen here (or for another clinic only): the call goes as before.
    expect(placeToCall({}, clinic, true)).toBeUndefined();
    expect(placeToCall({ c2: 'g2' }, clinic, true)).toBeUndefined();
    // Without ticket:write the core would refuse the whole call (403 on placeId).
    expect(placeToCall({ c1: 'g2' }, clinic, false)).toBeUndefined();
    // A place deactivated or removed since it was chosen.
    expect(placeToCall({ c1: 'old' }, clinic, true)).toBeUndefined();
    expect(placeToCall({ c1: 'gone' }, clinic, true)).toBeUndefined();
  });
});
