import type { PropertyValues, ReactiveControllerHost } from 'lit';
import { safely } from '../../errors.js';
import { nextTask } from '../../next-task.js';
import { prepareTemplates } from '../prepare-templates.js';
import { UnitStatus } from './status.js';

const ON_SCREEN = new Set<UnitStatus>([UnitStatus.Shown, UnitStatus.Ended]);

/** How long a task may prepare templates (prepare-templates.ts) before it yields: 50 ms at most. */
const PREPARE_MS = 20;

/**
 * A unit that comes on screen renders twice, one task apart (issue 36: no task of ours over
 * 50 ms on a phone). The first render, the draft, is hidden and leaves out what follows each
 * card's actions (`CardView.draft`); the next task draws the whole unit and shows it. Nothing is
 * painted in between: the page sees the unit appear once, whole, as before, and `offer_shown`,
 * the impression watch and the dialog's opening come after the whole render. A unit already on
 * screen (the next card, a new language) and a server-rendered unit's take-over render once.
 * The pass also decides which updates wait for a task of their own (`schedule`), and has Lit
 * prepare the templates of such an update in the tasks before it.
 */
export class DraftPass {
  private drafting = false;
  /** The last render was of the unit on screen. */
  private onScreen = false;
  private whole: Promise<void> | undefined;

  /** `render`: the host's render, for the templates it will need (it must not change the DOM). */
  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly render: () => unknown,
  ) {}

  /** Before a render (the element's `update`): a draft when the unit comes on screen now. */
  begin(changed: PropertyValues, status: UnitStatus): void {
    const was = changed.get('state') as UnitStatus | undefined;
    this.drafting = changed.has('state') && ON_SCREEN.has(status) && !(was && ON_SCREEN.has(was));
    this.onScreen = ON_SCREEN.has(status);
  }

  /**
   * Before an update (the element's `scheduleUpdate`), two wait for a task of their own:
   * - the unit's first, so that the upgrade of every unit in the page (a definition, a framework's
   *   render, a server-rendered page's take-over) and their first updates are not one long task;
   * - one that brings an updated unit on screen, so that the draft is not rendered in the task that
   *   accepted the answer (its `ads_found`, the page's listeners).
   *
   * Before such an update, the templates it will render are prepared, in as many tasks as it takes
   * (a unit first on screen, a server-rendered unit's take-over: their templates are new).
   */
  schedule(hasUpdated: boolean, status: UnitStatus, update: () => undefined): Promise<undefined> | undefined {
    const ownTask = !hasUpdated || (ON_SCREEN.has(status) && !this.onScreen);
    return ownTask ? this.prepared().then(update) : update();
  }

  /**
   * One render, its templates prepared over as many tasks as it takes. Never rejects: a render
   * that throws here throws again in the update, where Lit reports it.
   */
  private async prepared(): Promise<void> {
    await nextTask();
    const value = safely(() => this.render());
    while (!(safely(() => prepareTemplates(value, performance.now() + PREPARE_MS)) ?? true)) await nextTask();
  }

  /** True while the render under way is a draft. */
  get active(): boolean {
    return this.drafting;
  }

  /** After a render: true when it was a draft, whose whole render is asked for in the next task. */
  drafted(): boolean {
    if (!this.drafting) return false;
    this.drafting = false;
    this.whole = nextTask().then(() => {
      this.whole = undefined;
      this.host.requestUpdate();
    });
    return true;
  }

  /** `done` once the whole render is over, `updateComplete` of a draft included. */
  async complete(done: boolean, next: () => Promise<boolean>): Promise<boolean> {
    if (!this.whole) return done;
    await this.whole;
    return next();
  }
}
