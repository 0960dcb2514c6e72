import { describe, expect, it } from 'vitest';
import { createPatient, updatePatient } from '#core/patient/patient-ops.js';
import { maskCep, maskDate, showPhone } from './masks.js';
import {
  BAD_DATE,
  blankPatientForm,
  brToIso,
  formToInput,
  isoToBr,
  NO_INSURANCE,
  patientToForm,
  type PatientFormValues,
  type PatientView,
} from './patient-form-values.js';

const full: PatientFormValues = {
  name: ' Maria Aparecida da Silva ',
  socialName: '',
  cpf: '529.982.247-25',
  cns: '',
  rg: '12.345.678-9',
  birthDate: '17/05/1980',
  sex: 'female',
  motherName: 'Ana da Silva',
  cellPhone: '(11) 98765-4321',
  phone: '',
  email: 'maria@example.com',
  address: {
    zipCode: '01310-100',
    street: 'Av. Paulista',
    number: '1000',
    complement: '',
    district: '',
    city: 'São Paulo',
    state: 'sp',
  },
  insurances: [{ insurance: 'ins-1', insurancePlan: '', identificationOnInsurance: '123', validUntil: '31/12/2027' }],
  notes: '',
};

describe('the patient form and the core input', () => {
  it('masks dates and CEPs as typed, and shows stored phones as the desk types them', () => {
    expect(['1', '17', '170', '1705', '17051', '17051980', '170519801'].map(maskDate)).toEqual([
      '1',
      '17',
      '17/0',
      '17/05',
      '17/05/1',
      '17/05/1980',
      '17/05/1980',
    ]);
    expect(maskCep('01310100')).toBe('01310-100');
    expect(showPhone('+5511987654321')).toBe('(11) 98765-4321');
    expect(showPhone('+351912345678')).toBe('+351912345678');
  });

  it('reads dd/mm/aaaa calendar dates only', () => {
    expect(brToIso('17/05/1980')).toBe('1980-05-17');
    expect(brToIso(' ')).toBeUndefined();
    expect(brToIso('31/02/2000')).toBeNull();
    expect(brToIso('17/05')).toBeNull();
    expect(isoToBr('1980-05-17')).toBe('17/05/1980');
  });

  it('gives the core an input its schemas accept, blanks left out so an edit clears them', () => {
    const converted = formToInput(full);
    if (!('input' in converted)) throw new Error('expected an input');
    expect(converted.input).toEqual({
      name: ' Maria Aparecida da Silva ',
      cpf: '529.982.247-25',
      rg: '12.345.678-9',
      birthDate: '1980-05-17',
      sex: 'female',
      motherName: 'Ana da Silva',
      cellPhone: '(11) 98765-4321',
      email: 'maria@example.com',
      address: { zipCode: '01310-100', street: 'Av. Paulista', number: '1000', city: 'São Paulo', state: 'sp' },
      insurances: [{ insurance: 'ins-1', identificationOnInsurance: '123', validUntil: '2027-12-31' }],
    });
    expect(createPatient.input.safeParse(converted.input).success).toBe(true);
    expect(updatePatient.input.safeParse({ id: 'p1', ...converted.input }).success).toBe(true);
  });

  it('names the fields it cannot read by their core paths', () => {
    const converted = formToInput({
      ...full,
      birthDate: '31/02/1980',
      insurances: [
        ...full.insurances,
        { insurance: '', insurancePlan: '', identificationOnInsurance: '', validUntil: '1/1' },
      ],
    });
    expect(converted).toEqual({
      errors: { birthDate: BAD_DATE, 'insurances.1.insurance': NO_INSURANCE, 'insurances.1.validUntil': BAD_DATE },
    });
  });

  it('fills the form from a stored patient, and the form gives the same patient back', () => {
    const stored = {
      name: 'Maria Aparecida da Silva',
      cpf: '52998224725',
      birthDate: '1980-05-17',
      cellPhone: '+5511987654321',
      address: { zipCode: '01310100', city: 'São Paulo', state: 'SP' },
      insurances: [{ insurance: 'ins-1', validUntil: '2027-12-31' }],
    } as unknown as PatientView;
    const form = patientToForm(stored);
    expect(form).toMatchObject({
      cpf: '529.982.247-25',
      birthDate: '17/05/1980',
      cellPhone: '(11) 98765-4321',
      address: { zipCode: '01310-100', city: 'São Paulo', state: 'SP', street: '' },
      insurances: [{ insurance: 'ins-1', insurancePlan: '', validUntil: '31/12/2027' }],
    });
    const back = formToInput(form);
    if (!('input' in back)) throw new Error('expected an input');
    const parsed = updatePatient.input.parse({ id: 'p1', ...back.input });
    expect(parsed).toMatchObject({
      cpf: '52998224725',
      birthDate: '1980-05-17',
      cellPhone: '+5511987654321',
      address: { zipCode: '01310100', city: 'São Paulo', state: 'SP' },
    });
    expect(formToInput(blankPatientForm())).toEqual({ input: { name: '', insurances: [] } });
  });
});
