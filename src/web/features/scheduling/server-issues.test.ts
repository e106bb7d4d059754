import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { fieldIssues } from './server-issues';

describe('fieldIssues', () => {
  it("puts the server's issues on the form's fields, renamed, and drops unknown ones", () => {
    const error = new ApiError(400, '400', {
      issues: [
        { path: 'appointmentTime', message: 'Appointment time is required' },
        { path: ['customerName'], message: 'Customer name is required' },
        { path: 'organizationId', message: 'x' },
      ],
    });
    expect(fieldIssues(error, ['time', 'customerName'], { appointmentTime: 'time' })).toEqual([
      { field: 'time', message: 'Appointment time is required' },
      { field: 'customerName', message: 'Customer name is required' },
    ]);
  });
  it('answers nothing for other errors', () => {
    expect(fieldIssues(new Error('network'), ['time'])).toEqual([]);
  });
});
