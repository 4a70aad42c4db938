/** The plans a customer subscribes to by themselves; Enterprise accounts are made by an operator. */
export const selfServicePlanNames = ['basic', 'standard', 'premium'] as const;
export type SelfServicePlanName = (typeof selfServicePlanNames)[number];
