import { defineCommand } from '../messaging/envelope';
import { RenovationUpliftResult } from '../rest/renovation-calculator';
import { z } from '../zod';

export const CalculateRenovationUplift = defineCommand(
  'CalculateRenovationUplift',
  z.object({
    value: z.number().positive(),
    floorArea: z.number().positive(),
    extensionArea: z.number().min(0),
    renovationUplift: z.number().min(0).max(50),
  }),
  RenovationUpliftResult,
);
