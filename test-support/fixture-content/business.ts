import type { BusinessDetails } from '../../src/content/business.ts';

/** Every detail a studio can give (ABN 51 824 753 556 is the ATO's own example of a valid one). */
export const businessDetails: BusinessDetails = {
  legalName: 'Harbour Marketing Pty Ltd',
  abn: '51824753556',
  address: { street: 'Level 2, 45 Hunter Street', suburb: 'Newcastle', state: 'NSW', postcode: '2300' },
  serviceArea: 'Newcastle and Lake Macquarie, NSW',
  hours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '17:00' },
    { days: ['Saturday'], opens: '09:00', closes: '12:00' },
  ],
  socialProfiles: [
    { name: 'Instagram', url: 'https://www.instagram.com/harbourmarketing' },
    { name: 'Facebook', url: 'https://www.facebook.com/harbourmarketing' },
  ],
};
