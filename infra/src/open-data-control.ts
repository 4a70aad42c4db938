import type { OpenDataFault, OpenDataOperation } from './open-data-simulator/faults';
import { CountingSimulatorControl } from './simulator-kit/control-client';

export type { OpenDataFault, OpenDataFaultMode, OpenDataOperation } from './open-data-simulator/faults';

/** The open-data test environment's controls, as tests drive them (simulator-kit/control-routes.ts lists them). */
export class OpenDataControl extends CountingSimulatorControl<OpenDataFault, Record<OpenDataOperation, number>> {
  /** `url`: the test environment's root (or any of its API roots: the controls live at its origin). */
  constructor(url: string) {
    super(url, 'open-data');
  }
}
