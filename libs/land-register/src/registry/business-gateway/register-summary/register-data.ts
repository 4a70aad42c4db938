import type { Register, RegisterEntry } from '../../../register/register';
import type { RegisterData, RegisterDataEntry, RegisterDataSection } from '../messages/register-summary';

// A register as `OCRegisterData`: the project's Register was shaped after it, so this is field for field. The
// district heads the property register ("COUNTY : DISTRICT", as an official copy prints it).

const entryOf = (entry: RegisterEntry): RegisterDataEntry => ({
  entryNumber: String(entry.entryNumber),
  entryDate: entry.entryDate,
  entryType: entry.entryType,
  entryText: entry.entryText,
});

const sectionOf = (entries: readonly RegisterEntry[], districtDetails: readonly string[] | null): RegisterDataSection => ({
  districtDetails,
  entries: entries.map(entryOf),
  schedules: [],
});

export const registerDataOf = (register: Register): RegisterData => {
  const { county, district } = register.administrativeArea;
  return {
    property: sectionOf(register.propertyRegister, [`${county} : ${district}`]),
    proprietorship: sectionOf(register.proprietorshipRegister, null),
    // The schema needs at least one entry in a register it lists: a register with no charges sends none.
    charges: register.chargesRegister.length > 0 ? sectionOf(register.chargesRegister, null) : null,
  };
};
