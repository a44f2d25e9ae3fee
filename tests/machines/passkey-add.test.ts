import { describeModel } from '../support/model-vitest.js';
import { model } from './passkey-add.model.js';

describeModel(model);
