import { LIMITS, MB } from './limits';

/** Every text the user sees that more than one place needs. Verbatim from the specification where it quotes one. */
export const MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Not Valid Email',
  passwordRequired: 'Password is required',
  passwordMin: 'Password should be atleast 8 Characters',
  passwordMinSignup: 'Password should be minimum 8 Characters',
  passwordMax: 'Password should be at most 30 Characters',
  passwordComplexity: 'Password should be includes special,Lower & Upper character',
  passwordMismatch: "Password didn't matched",
  fullNameRequired: 'Full Name is required',
  chooseBrand: 'Please Choose Brand',
  chooseRole: 'Please Choose Role',
  confirmPasswordRequired: 'Confirm Password is required',
  repeatPasswordRequired: 'Repeat password is required',
  copied: 'Copied to Clipboard',
  invalidCredentials: 'Incorrect email or password',
  accountDisabled: 'This account is disabled. Contact your administrator.',
  signedOut: 'Your session has ended. Please sign in again.',
  notFound: "Page not found. Sorry, we couldn't find the page you're looking for.",
  unexpectedError: 'Unexpected Application Error!',
  chunkLoadFailed:
    'This screen could not be loaded. Check your connection and try again; if the portal was just updated, reloading fetches the new version.',
  unexpectedErrorDetail:
    'Something went wrong on this screen. Try again, or go back home; if it keeps happening, contact support.',
  checkRequired: 'please check all required fields',
  pdfTooLarge: 'All pdf file should be less than 5MB',
  imagesTooLarge: `All Images should be less than ${LIMITS.imageBytes / MB}MB`,
  acceptTerms: 'Please accept term & policy',
  patternAdded: 'Successfully Data has been added',
  patternIdTaken: 'Pattern ID already exists',
  deleted: 'Successfully Data Deleted',
  deleteFailed: 'Unable to delete data',
  sizeAdded: 'Successfully Added Size',
  sizeDeleted: 'Successfully Delete Size ',
  sizeUpdated: 'Successfully Update Record',
  sizeUpdateFailed: 'Failed Update Record',
  reviewed: 'Successfully publish to review pattern',
  reviewFailed: 'Failed to review pattern',
  published: 'Successfully ready to publish on Production',
  publishFailed: 'Failed to publish pattern on Production',
  otpSent: 'OTP sent successfully',
  fetchFailed: 'Failed to fetch',
  patternViewRequired: 'Pattern View is required',
  sizeRequired: 'Size is required',
  patternPdfRequired: 'Patterns pdf is required',
  profilePicInvalid: `Profile picture must be a JPG or PNG image of at most ${LIMITS.profilePicBytes / MB}MB`,
  required: (label: string) => `${label} is required`,
} as const;

export const SUPPORT_HOURS = '9:00 AM-5:00 PM EST, Monday to Friday';
export const SUPPORT_PHONE = '+1 (800) 555-0199';
export const APP_TITLE = 'Partner Portal - An Enterprise Pattern Management';
