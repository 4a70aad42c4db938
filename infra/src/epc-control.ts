import type { EpcFault, EpcFaultOperation } from './epc-simulator/faults';
import { CountingSimulatorControl } from './simulator-kit/control-client';

export type { EpcFault, EpcFaultMode, EpcFaultOperation } from './epc-simulator/faults';

/** The EPC register test environment's controls, as tests drive them (simulator-kit/control-routes.ts lists them). */
export class EpcRegisterControl extends CountingSimulatorControl<EpcFault, Record<EpcFaultOperation, number>> {
  /** `epcApiUrl`: the API root a service is given (EPC_API_URL); the controls live beside it. */
  constructor(epcApiUrl: string) {
    super(epcApiUrl, 'EPC register');
  }
}
