import type { Answer, TitleSummary } from '../registry-gateway';
import type { BusinessGatewayTransport } from './transport';

// Placeholder until the availability service's reader lands.
export const describeByAvailability = async (
  _transport: BusinessGatewayTransport,
  _titleNumber: string,
): Promise<Answer<TitleSummary | null>> => {
  throw new Error('not yet');
};
