import { describeModel } from '../support/model-vitest.js';
import { model } from './confirm-email.model.js';
import { model as banner } from './email-banner.model.js';

describeModel(model);
describeModel(banner);
