import { describeModel } from '../support/model-vitest.js';
import { model, secondStepModel } from './passkey-sign-in.model.js';

describeModel(model);
describeModel(secondStepModel);
