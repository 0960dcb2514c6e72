import type fc from 'fast-check';
import type { Faults, FaultyLink } from './in-process-fetch.js';

/**
 * The model-based sync tests' command that plugs a desk's cable in or out and sets the faults of its
 * link (lost requests and answers, duplicates, delays) from then on.
 */
export class Network<M extends object> implements fc.AsyncCommand<M, { desks: readonly { link: FaultyLink }[] }> {
  constructor(
    readonly desk: number,
    readonly online: boolean,
    readonly faults: Faults,
  ) {}
  check = () => true;
  async run(_model: M, world: { desks: readonly { link: FaultyLink }[] }) {
    const link = world.desks[this.desk]!.link;
    link.online = this.online;
    link.faults = this.faults;
    await Promise.resolve();
  }
  toString = () => `network(${this.desk}, ${this.online ? 'on' : 'off'}, ${JSON.stringify(this.faults)})`;
}
